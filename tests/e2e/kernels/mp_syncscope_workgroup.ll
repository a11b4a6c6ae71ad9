; Message passing from block 0 to block 1 in LLVM IR with syncscope("workgroup") on the flag's
; release store and acquire load (scopemc maps workgroup to the block level).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@data = dso_local local_unnamed_addr global i32 0, align 4
@flag = dso_local local_unnamed_addr global i32 0, align 4

; Function Attrs: nounwind uwtable
define dso_local noalias noundef ptr @producer(ptr nocapture readnone %arg) #0 {
entry:
  tail call void @__VERIFIER_thread_group_id(i32 noundef 0) #4
  store i32 42, ptr @data, align 4, !tbaa !5
  store atomic i32 1, ptr @flag syncscope("workgroup") release, align 4
  ret ptr null
}

declare void @__VERIFIER_thread_group_id(i32 noundef) local_unnamed_addr #1

; Function Attrs: nounwind uwtable
define dso_local noalias noundef ptr @consumer(ptr nocapture readnone %arg) #0 {
entry:
  tail call void @__VERIFIER_thread_group_id(i32 noundef 1) #4
  %0 = load atomic i32, ptr @flag syncscope("workgroup") acquire, align 4
  %cmp = icmp eq i32 %0, 1
  br i1 %cmp, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  %1 = load i32, ptr @data, align 4, !tbaa !5
  %cmp1 = icmp eq i32 %1, 42
  %conv = zext i1 %cmp1 to i32
  tail call void @__VERIFIER_assert(i32 noundef %conv) #4
  br label %if.end

if.end:                                           ; preds = %if.then, %entry
  ret ptr null
}

declare void @__VERIFIER_assert(i32 noundef) local_unnamed_addr #1

; Function Attrs: nounwind uwtable
define dso_local noundef i32 @main() local_unnamed_addr #0 {
entry:
  %p = alloca i64, align 8
  %c = alloca i64, align 8
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %p) #4
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %c) #4
  %call = call i32 @pthread_create(ptr noundef nonnull %p, ptr noundef null, ptr noundef nonnull @producer, ptr noundef null) #4
  %call1 = call i32 @pthread_create(ptr noundef nonnull %c, ptr noundef null, ptr noundef nonnull @consumer, ptr noundef null) #4
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %c) #4
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %p) #4
  ret i32 0
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #2

; Function Attrs: nounwind
declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #2

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #3 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
