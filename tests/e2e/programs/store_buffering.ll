; Store buffering in LLVM IR: each thread writes its variable and reads the other's
; (relaxed). Every read may see 0 or 1: 4 executions.
@x = global i32 0
@y = global i32 0

declare i32 @pthread_create(ptr, ptr, ptr, ptr)

define ptr @t0(ptr %arg) {
  store atomic i32 1, ptr @x monotonic, align 4
  %v = load atomic i32, ptr @y monotonic, align 4
  ret ptr null
}

define ptr @t1(ptr %arg) {
  store atomic i32 1, ptr @y monotonic, align 4
  %v = load atomic i32, ptr @x monotonic, align 4
  ret ptr null
}

define i32 @main() {
  %a = alloca i64
  %b = alloca i64
  %r0 = call i32 @pthread_create(ptr %a, ptr null, ptr @t0, ptr null)
  %r1 = call i32 @pthread_create(ptr %b, ptr null, ptr @t1, ptr null)
  ret i32 0
}
