; Message passing between two blocks in LLVM IR: the flag's release store and acquire load
; are workgroup-scoped, so they do not synchronise across the blocks (heterogeneous race).
@data = global i32 0
@flag = global i32 0

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare void @__VERIFIER_thread_group_id(i32)

define ptr @producer(ptr %arg) {
  call void @__VERIFIER_thread_group_id(i32 0)
  store atomic i32 42, ptr @data syncscope("agent") monotonic, align 4
  store atomic i32 1, ptr @flag syncscope("workgroup") release, align 4
  ret ptr null
}

define ptr @consumer(ptr %arg) {
  call void @__VERIFIER_thread_group_id(i32 1)
  %f = load atomic i32, ptr @flag syncscope("workgroup") acquire, align 4
  %d = load atomic i32, ptr @data syncscope("agent") monotonic, align 4
  ret ptr null
}

define i32 @main() {
  %a = alloca i64
  %b = alloca i64
  %r0 = call i32 @pthread_create(ptr %a, ptr null, ptr @producer, ptr null)
  %r1 = call i32 @pthread_create(ptr %b, ptr null, ptr @consumer, ptr null)
  ret i32 0
}
