#!/usr/bin/env bash
# The tool on bad input and on its own options: a clear message and the documented exit
# code (docs/interface.md §4). Usage: bad_input.sh SCOPEMC DIR
set -u
tool=$1 dir=$2 fails=0 passes=0
source "$(dirname "${BASH_SOURCE[0]}")/expect.sh"
expect missing-file 5 "no such file" -- /nonexistent/prog.c
expect syntax-error 5 "syntax_error.c:3:13: error: expected expression" -- "$dir/syntax_error.c"
expect unsupported-function 5 "unsupported_call.c:5:.*unsupported function 'popen'" -- "$dir/unsupported_call.c"
expect unknown-kind 5 "unknown input kind" -- "$dir/bad_input.sh"
expect mixed-size 5 "mixed_size.c:[0-9]+:[0-9]+: a [0-9]+-byte access at 0x[0-9a-f]+ overlaps a [0-9]+-byte access.*mixed-size" -- "$dir/mixed_size.c"
expect vector-subscript 42 "vector subscript out of range: element 7 of 4 elements" -- "$dir/vector_subscript.c"
expect vector-subscript-line 42 "failing check at .*vector_subscript.c:7:" -- "$dir/vector_subscript.c"
expect program-args 0 "No errors were detected" -- "$dir/program_args.c" --args 'one "two words" 3'
expect program-args-wrong 42 "program_args.c:8:" -- "$dir/program_args.c" --args 'one two'
expect exit-status-zero 0 "No errors were detected" -- "$dir/exit_status.c"
expect exit-status-some-runs 42 "Non-zero exit status" -- "$dir/exit_status.c" -- -DRACE
expect exit-status-main 42 "exit status 1 \(main returned it\)" -- "$dir/exit_status.c" -- -DRACE
expect exit-status-negative 42 "exit status -1 \(main returned it\)" -- "$dir/exit_status.c" -- -DRACE -DSTATUS=-1
expect exit-status-thread 42 "exit status 2 \(exit\(\) called\)" -- "$dir/exit_status.c" -- -DEXIT_IN_THREAD -DSTATUS=2
expect exit-status-thread-line 42 "thread finish at .*exit_status.c:15:" -- "$dir/exit_status.c" -- -DEXIT_IN_THREAD -DSTATUS=2
expect exit-status-thread-zero 0 "No errors were detected" -- "$dir/exit_status.c" -- -DEXIT_IN_THREAD -DSTATUS=0
expect exit-status-ignored 0 "No errors were detected" -- "$dir/exit_status.c" --ignore-exit-status -- -DRACE
expect stack-adjacent-fits 0 "No errors were detected" -- "$dir/stack_adjacent.c" -- -DFITS
expect stack-adjacent-loop 42 "out-of-bounds stack access" -- "$dir/stack_adjacent.c"
expect stack-adjacent-memcpy 42 "out-of-bounds stack access" -- "$dir/stack_adjacent.c" -- -DMEMCPY
expect stack-adjacent-sprintf 42 "out-of-bounds stack access" -- "$dir/stack_adjacent.c" -- -DSPRINTF
expect divergence-reported 42 "Barrier divergence" -- "$dir/divergence_hang.cu"
expect divergence-unreported-hang 3 "Not verified: no execution ran to completion" -- "$dir/divergence_hang.cu" --disable-barrier-divergence
expect divergence-unreported-some 0 "in 1 of them threads wait for ever at a barrier" -- "$dir/divergence_hang.cu" --disable-barrier-divergence -- -DSOMETIMES
expect divergence-unreported-json 3 "" -- "$dir/divergence_hang.cu" --disable-barrier-divergence --json /dev/stdout
expect usage-message 42 "failing check at .*usage_message.c:9:" -- "$dir/usage_message.c"
expect args-unclosed 17 "--args one 'two: a quote is not closed" -- "$dir/program_args.c" --args "one 'two"
expect args-with-kernel 17 "--args are main's arguments" -- "$dir/program_args.c" --args 1 --kernel k --grid 1:1
expect unknown-syncscope 5 "unknown_syncscope.ll:[0-9]+:[0-9]+: unknown syncscope 'cluster'" -- "$dir/unknown_syncscope.ll"
expect unsupported-opencl-builtin 5 "unsupported_opencl.cl:3:[0-9]+: unsupported function 'vload_half\(unsigned long, half const AS4\*\)'" -- "$dir/unsupported_opencl.cl" --kernel k --grid 1x1
expect kernel-missing 5 "defines no function 'nope'" -- "$dir/kernel_scalar.cl" --kernel nope --grid 1x2
expect kernel-scalar-needs-arg 5 "parameter 'n' of 'k' needs a value: give it with --arg n=VALUE" -- "$dir/kernel_scalar.cl" --kernel k --grid 1x2
expect kernel-scalar-arg 0 "No errors were detected" -- "$dir/kernel_scalar.cl" --kernel k --grid 1x2 --arg n=3
expect kernel-arg-typo 5 "kernel_scalar.cl:2: --arg typo=5 gives no value to the kernel .k.: the parameters that take one are n" -- "$dir/kernel_scalar.cl" --kernel k --grid 1x2 --arg n=3 --arg typo=5
expect kernel-arg-pointer 5 "--arg a=5 gives no value to the kernel" -- "$dir/kernel_scalar.cl" --kernel k --grid 1x2 --arg n=3 --arg a=5
# two devices run the kernel on the same buffers: their writes race
expect kernel-two-devices 42 "device 1, block 0, thread 0" -- "$dir/kernel_scalar.cl" --kernel k --grid 2x1x2 --arg n=3
expect kernel-post-fails 42 "Assertion violation" -- "$dir/kernel_scalar.cl" --kernel k --grid 1x2 --arg n=4
# --arg values must fit their parameter (read as signed or unsigned), 64-bit ones to 2^64 - 1
expect kernel-arg-fits 0 "No errors were detected" -- "$dir/kernel_char.cl" --kernel k --grid 1x1 --arg n=-128
expect kernel-arg-unsigned-fits 0 "No errors were detected" -- "$dir/kernel_char.cl" --kernel k --grid 1x1 --arg n=255
expect kernel-arg-too-big 5 "'256' is not a value of the integer type it gives" -- "$dir/kernel_char.cl" --kernel k --grid 1x1 --arg n=256
expect kernel-arg-too-small 5 "'-129' is not a value of the integer type it gives" -- "$dir/kernel_char.cl" --kernel k --grid 1x1 --arg n=-129
# arithmetic: refused or defined by the interpreter, never the host's trap or undefined value
expect arith-defined 0 "No errors were detected" -- "$dir/arith_edges.c"
expect values-as-native 0 "No errors were detected" -- "$dir/values.c"
expect arith-vector-div-zero 42 "division by zero \(element 2 of a vector\)" -- "$dir/arith_edges.c" -- -DVDIV
expect arith-vector-min-div 42 "signed overflow: the 32-bit minimum / -1 \(element 1 of a vector\)" -- "$dir/arith_edges.c" -- -DVMIN
expect arith-trap 42 "trap instruction executed" -- "$dir/arith_edges.c" -- -DTRAP
expect arith-half 5 "arith_edges.c:[0-9]+:[0-9]+: floating-point type 'half' is not supported" -- "$dir/arith_edges.c" -- -DHALF
expect arith-long-double 5 "arith_edges.c:[0-9]+:[0-9]+: floating-point type 'x86_fp80' is not supported" -- "$dir/arith_edges.c" -- -DLONGDOUBLE
# a grid beyond the limits is a command-line error
expect too-many-devices 17 "--grid 17x1x1 is beyond scopemc's limits: at most 16 devices" -- "$dir/kernel_scalar.cl" --kernel k --grid 17x1x1 --arg n=3
expect too-many-threads 17 "--grid 1024x1025 is beyond scopemc's limits: at most 1048576 threads" -- "$dir/kernel_scalar.cl" --kernel k --grid 1024x1025 --arg n=3
# legacy C compiles with warnings (shown); -Werror after -- makes them errors again
expect legacy-c-warns 0 "warning: type specifier missing, defaults to 'int'" -- "$dir/../e2e/programs/legacy_c.c"
expect legacy-c-werror 5 "legacy_c.c:[0-9]+:[0-9]+: error: type specifier missing" -- "$dir/../e2e/programs/legacy_c.c" -- -Werror
# a modelled function called with too few arguments (C allows it through an unprototyped
# declaration): refused with its position, never a crash
expect arity-too-few 5 "arity.c:12:[0-9]+: 'pthread_create' is called with 2 arguments, it takes 4" -- "$dir/arity.c"
expect arity-memcpy-one 5 "arity.c:10:[0-9]+: error: too few arguments" -- "$dir/arity.c" -- -DB
expect arity-extra-ignored 42 "__VERIFIER_error\(\) called" -- "$dir/arity.c" -- -DA
# refusals name the file and line: wide initial values and integers, a missing main; a thread
# started at a null routine is the program's error, at the create
expect placed-wide-global 5 "placed_messages.c:5: in global 'big': an initial value of 16 bytes is not supported" -- "$dir/placed_messages.c" -- -DWIDE_GLOBAL
expect placed-wide-op 5 "placed_messages.c:8:[0-9]+: integers wider than 64 bits" -- "$dir/placed_messages.c" -- -DWIDE_OP
expect placed-no-main 5 "placed_messages.c: the program has no function 'main' to start from" -- "$dir/placed_messages.c"
expect null-start-routine 42 "pthread_create with a start routine that is not a function" -- "$dir/placed_messages.c" -- -DNULL_START
# sizes the program controls: the program's error or a refusal naming the limit, never the
# tool's; an 8 GiB zero-initialised global runs in a 3 GiB address space
expect stack-overflow-alloca 42 "stack overflow: a local object of 18446744073709551615 x 1 bytes does not fit in the thread's stack \(8 MiB" -- "$dir/hostile_sizes.c" -- -DALLOCA
expect stack-overflow-vla 42 "failing check at .*hostile_sizes.c:9:[0-9]+" -- "$dir/hostile_sizes.c" -- -DVLA
# (AddressSanitizer reserves terabytes of address space: no ulimit -v in sanitized builds)
vlimit=3000000; [ -n "${SCOPEMC_SANITIZED:-}" ] && vlimit=unlimited
out=$(ulimit -v $vlimit; "$tool" "$dir/hostile_sizes.c" -- -DBIG_ZERO 2>&1); rc=$?
if [ $rc = 0 ] && grep -q "No errors were detected" <<<"$out"; then passes=$((passes+1)); else
  echo "FAIL big-zero-global: exit $rc"; echo "$out" | head; fails=$((fails+1)); fi
expect big-initialised-global 5 "hostile_sizes.c:15: in global 'big': a global of 2147483648 bytes with a nonzero initial value exceeds scopemc's limit of 1024 MiB" -- "$dir/hostile_sizes.c" -- -DBIG_INIT
expect label-address 5 "hostile_sizes.c:19: in global 'main.tab': the address of a label \(&&label, GNU's computed goto\) is not supported" -- "$dir/hostile_sizes.c" -- -DLABEL_TABLE
expect computed-goto 5 "hostile_sizes.c:37:3: unsupported instruction 'indirectbr'" -- "$dir/hostile_sizes.c"
expect string-initialised-terabyte 5 "hostile_sizes.c:25:23: error: a string literal initialises an array of 1099511627776 elements of 1 byte; scopemc compiles string-initialised arrays up to 64 MiB" -- "$dir/hostile_sizes.c" -- -DSTRING_INIT
expect local-initial-value 5 "hostile_sizes.c:30: in the initial value of local .p. in main: an initial value of 34359738360 bytes" -- "$dir/hostile_sizes.c" -- -DLOCAL_INIT
# 200,000 stores of one thread to one global: linear (0.3 s here; quadratic it took ~20 s)
expect one-thread-stores 0 "No errors were detected" -- "$dir/one_thread_stores.c" --timeout 10 -- -DN=200000
# GenMC calls that are not modelled: refused by name with the reason
expect genmc-optional 5 "genmc_refused.c:8:[0-9]+: unsupported function '__VERIFIER_opt_begin': GenMC's __VERIFIER_optional blocks are not supported" -- "$dir/genmc_refused.c" -- -DOPTIONAL
expect genmc-rcu 5 "genmc_refused.c:10:[0-9]+: unsupported function '__VERIFIER_rcu_read_lock': RCU needs the Linux-kernel memory model" -- "$dir/genmc_refused.c" -- -DRCU
expect genmc-palloc 5 "genmc_refused.c:14:[0-9]+: unsupported function '__VERIFIER_palloc': persistency" -- "$dir/genmc_refused.c" -- -DPERSIST
expect genmc-nondet-bounded 3 "each __VERIFIER_nondet_\\* call returned one value" -- "$dir/../e2e/programs/genmc_spawn_nondet.c"
# inline assembly other than PTX lane register reads: refused with its position
expect inline-asm 5 "inline_asm.cu:3:[0-9]+: inline assembly is not supported \(of PTX, only reads of %laneid" -- "$dir/inline_asm.cu"
# a program whose every run hangs is not verified: a deadlock naming each waiting thread
expect spins-forever-hangs 42 "T0 waits to join T1; T1 spins for ever" -- "$dir/spins_forever.c"
expect lock-kept-hangs 42 "T0 waits for a lock nobody releases" -- "$dir/lock_kept.c"
# every execution cut by the user's own assume: no error, and the summary says so
expect no-completion-noted 0 "no execution ran to completion" -- "$dir/assume_all.c"
# --timeout stops a run that never ends, within about a second of the limit (a few more in the
# sanitized build, whose start-up alone takes seconds)
start=$SECONDS; tlimit=5; [ -n "${SCOPEMC_SANITIZED:-}" ] && tlimit=15
expect timeout-forever 124 "Timeout" -- "$dir/forever.c" --timeout 1
if [ $((SECONDS - start)) -gt $tlimit ]; then
  echo "FAIL timeout-forever took $((SECONDS - start)) s for --timeout 1"; fails=$((fails+1))
fi
# one execution that keeps growing: a warning names the loop and suggests --unroll
expect long-execution-warns 124 "forever.c:4:[0-9]+ \(thread 0, [0-9]+ iterations\)" -- "$dir/forever.c" --timeout 5
expect option-after-dashes 5 "'7' after \`--\` is not a compiler option" -- "$dir/kernel_scalar.cl" -- -DX --timeout 7
expect bad-grid 17 "--grid 1y2: expected" -- "$dir/kernel_scalar.cl" --kernel k --grid 1y2
expect grid-without-kernel 17 "--kernel and --grid go together" -- "$dir/kernel_scalar.cl" --grid 1x2
# values of parameters that are not pointers: every missing one named, a malformed one named
expect kernel-param-missing 5 "needs a value: give it with --arg d=VALUE" -- "$dir/../e2e/kernels/opencl_args.cl" --kernel k --grid 1:1 --arg x=1.5 --arg v=1,2,3,4 --arg p.a=10
expect kernel-float-malformed 5 "the value 'abc' given for 'x': 'abc' is not a value of the floating-point type" -- "$dir/../e2e/kernels/opencl_args.cl" --kernel k --grid 1:1 --arg x=abc --arg d=0.5 --arg v=1 --arg p.a=1 --arg p.b=1 --arg p.v=1 --arg p.inner.s=1
expect kernel-vector-count 5 "the value given for 'v': 4 values expected, 3 given" -- "$dir/../e2e/kernels/opencl_args.cl" --kernel k --grid 1:1 --arg x=1 --arg d=0.5 --arg v=1,2,3 --arg p.a=1 --arg p.b=1 --arg p.v=1 --arg p.inner.s=1
expect bad-arg 17 "--arg n: expected NAME=VALUE" -- "$dir/kernel_scalar.cl" --kernel k --grid 1x2 --arg n
# CUDA constructs that are not modelled: refused by name with their position (docs/cuda.md)
expect cuda-legacy-shfl 5 "cuda_refused.cu:5:[0-9]+: error: '__shfl<int>' is unavailable: removed in CUDA 9" -- "$dir/cuda_refused.cu" -- -DLEGACY_SHFL
expect cuda-legacy-vote 5 "cuda_refused.cu:7:[0-9]+: error: '__any' is unavailable: removed in CUDA 9" -- "$dir/cuda_refused.cu" -- -DLEGACY_VOTE
expect cuda-dynamic-parallelism 5 "cuda_refused.cu:10:[0-9]+: error: reference to __global__ function 'child'" -- "$dir/cuda_refused.cu" -- -DDYNAMIC_PARALLELISM
expect cuda-texture 5 "cuda_refused.cu:12:[0-9]+: error: use of undeclared identifier 'tex1Dfetch'" -- "$dir/cuda_refused.cu" -- -DTEXTURE
expect cuda-no-body 5 "cuda_refused.cu:15:[0-9]+: unsupported function 'external_helper\(int\)'" -- "$dir/cuda_refused.cu" -- -DNO_BODY
expect cuda-memcpy2d 5 "cuda_refused.cu:18:[0-9]+: error: use of undeclared identifier 'cudaMemcpy2D'" -- "$dir/cuda_refused.cu" -- -DMEMCPY2D
expect cuda-curand 5 "cuda_refused.cu:20:[0-9]+: fatal error: 'curand_kernel.h' file not found" -- "$dir/cuda_refused.cu" -- -DCURAND
expect cuda-no-body-nondet 3 "each call of a function without a definition returned one arbitrary value" -- "$dir/cuda_refused.cu" --undefined-functions nondet -- -DNO_BODY
expect cuda-modelled 0 "No errors were detected" -- "$dir/cuda_refused.cu"
# SB-3's search branches alike on every path: the estimate is exact (2^3)
expect estimate 0 "Estimated complete executions: 8$" -- "$dir/../../benchmarks/programs/sb.c" --estimate -- -DN=3
# with a time limit, the estimate's paths still count (the limit runs from the estimate's start)
expect estimate-timeout 0 "from 3 random paths" -- "$dir/estimate_long.c" --estimate --estimate-samples 3 --timeout 600
expect bad-option 17 "--no-such-option" -- --no-such-option "$dir/syntax_error.c"
expect missing-argument 17 "no input file \(give FILES, or -p BUILD_DIR\)" --
expect version 0 "scopemc .* \(LLVM 19" -- --version
expect help 0 "--keep-going" -- --help
# --json writes a versioned result next to the verdict
json=$(mktemp)
expect json-error 42 "Error: Data race!" -- "$dir/../../examples/message_passing_relaxed.c" --json "$json"
if grep -q '"schema_version": 2' "$json" && grep -q '"kind": "Data race"' "$json" && grep -q '"line": 12' "$json"; then
  passes=$((passes+1))
else
  echo "FAIL json: unexpected content"; cat "$json"; fails=$((fails+1))
fi
rm -f "$json"
# --dump-error-graph writes the witness with device/block clusters and the racing events highlighted
dot=$(mktemp)
expect dot-error 42 "Error: Data race!" -- "$dir/../e2e/programs/barrier_two_blocks_cross.c" --dump-error-graph "$dot"
if grep -q "subgraph cluster_d0_b1" "$dot" && grep -q "fillcolor" "$dot" && grep -q 'label="rf"' "$dot"; then
  passes=$((passes+1))
else
  echo "FAIL dot: unexpected content"; head -20 "$dot"; fails=$((fails+1))
fi
rm -f "$dot"
expect timeout 124 "stopped before it finished; no verdict" -- "$dir/../../benchmarks/programs/gpu/ttaslock.c" --timeout 0.5 --no-symmetry -- -DBLOCKS=3 -DTHREADS=2
# The search stops itself at its next memory check; on a loaded machine the compile can take
# longer than the watchdog's first look (cli/Watchdog.h), which then ends the run: both say
# so, with the same exit code.
expect memory-limit 3 "memory limit .* stopped the exploration|Memory limit: the run used more than 1 MB" -- "$dir/../../benchmarks/programs/gpu/ttaslock.c" --memory-limit 1 -- -DBLOCKS=3 -DTHREADS=2
expect bounded 3 "Verification bounded" -- "$dir/../e2e/programs/loop_bound.c" --unroll 2
# A launch too large for the memory limit: the note names its size, where it is, and about how
# much memory it needs (issue 58). Limits from the test's own sizes: 262,144 threads.
[ -n "${SCOPEMC_SANITIZED:-}" ] || # (the sanitizers' own memory moves the limit's point)
  expect launch-memory 3 "the launch at .*vecadd.cu:33:3 has 262144 threads: at the memory per thread so far it needs about [0-9]+ GB" -- "$dir/../../benchmarks/programs/launch/vecadd.cu" --memory-limit 1000 -- -DBLOCKS=1024 -DTHREADS=256
expect control-bytes 42 'assertion `clear\\x1b\[2J' -- "$dir/control_bytes.c"
if "$tool" "$dir/control_bytes.c" 2>&1 | grep -q $'\033'; then
  echo "FAIL control-bytes: a raw escape byte reached the output"; fails=$((fails+1))
else
  passes=$((passes+1))
fi
echo "$passes passed, $fails failed"
[ "$fails" = 0 ]
