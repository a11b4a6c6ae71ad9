#!/usr/bin/env bash
# Programs as their build runs them (docs/interface.md, "Files"): file functions checked
# against the C and POSIX standards, standard input, program arguments, several source files
# and a compilation database, and the refusals, each with its exit code and message.
# Usage: files.sh SCOPEMC DIR (DIR: tests/cli)
set -u
tool=$1 dir=$2 fails=0 passes=0
source "$dir/expect.sh"
cd "$dir/files" || exit 1
scratch=$(mktemp -d) && trap 'rm -rf "$scratch"' EXIT
ok="No errors were detected"
expect stdio 0 "$ok" -- stdio.c
expect stdio-wrong 42 "failing check at .*stdio.c:87:" -- stdio.c -- -DWRONG
expect posix 0 "$ok" -- posix.c
expect posix-wrong 42 "failing check at .*posix.c:19:" -- posix.c -- -DWRONG
expect stdin 0 "$ok" -- stdin_sum.c --stdin numbers.txt
expect stdin-wrong 42 "failing check at .*stdin_sum.c:16:" -- stdin_sum.c --stdin numbers.txt -- -DWRONG
expect stdin-empty 0 "$ok" -- stdin_sum.c
expect stdin-missing 17 "--stdin nothing.txt: cannot open the file" -- stdio.c --stdin nothing.txt
# a benchmark's main: a binary graph named by argv[1], sizes from argv[2] and argv[3]
expect graph 0 "$ok" -- graph_main.cu --args 'tiny.egr 4 2'
expect graph-one-block 0 "$ok" -- graph_main.cu --args 'tiny.egr 2 1'
expect graph-race 42 "Data race" -- graph_main.cu --args 'tiny.egr 4 2' -- -DRACE
expect graph-usage 42 "exit status 1 \(main returned it\)" -- graph_main.cu
expect graph-no-file 42 "exit status 1" -- graph_main.cu --args 'missing.egr 4 2'
# several source files, and their flags from a compilation database
expect two-files-need-flags 5 "SCALE comes from the build" -- project/main.cu project/kernel.cu
expect two-files 0 "$ok" -- project/main.cu project/kernel.cu -D SCALE=3
expect two-files-racey 42 "Data race" -- project/main.cu project/kernel.cu -D SCALE=3 -D RACEY
make -s -C project compile_commands.json >/dev/null && mv project/compile_commands.json "$scratch/"
expect compile-db 0 "$ok" -- -p "$scratch"
expect compile-db-notes 0 "ignored: -arch=sm_70 -rdc=true" -- -p "$scratch"
expect compile-db-files 0 "$ok" -- -p "$scratch/compile_commands.json" project/main.cu project/kernel.cu
make -s -C project compile_commands.json EXTRA=-DRACEY >/dev/null && mv project/compile_commands.json "$scratch/"
expect compile-db-racey 42 "Data race" -- -p "$scratch"
expect compile-db-missing 5 "cannot read the compilation database" -- -p "$scratch/none.json"
expect compile-db-no-entry 42 "stdio.c has no entry in" -- -p "$scratch" stdio.c -- -DWRONG
expect linked 0 "$ok" -- twice_b.c twice_a.c
expect static-and-template-kernels 0 "$ok" -- kernels/main.cu kernels/other.cu
expect static-and-template-kernels-other-first 0 "$ok" -- kernels/other.cu kernels/main.cu
expect defined-twice 5 "twice_a.c:2: 'counter' is defined twice: here and at .*twice_b.c:4" -- twice_b.c twice_a.c -- -DTWICE
expect no-input 17 "no input file" --
expect repair-one-file 17 "takes one source file" -- repair twice_b.c twice_a.c
# refusals
expect outside 5 "refusals.c:18:[0-9]+: the program reads '../bad_input.sh', outside the working directory and the --input folders" -- refusals.c -- -DOUTSIDE
expect outside-allowed 0 "$ok" -- refusals.c --input .. -- -DOUTSIDE
expect other-thread 5 "refusals.c:14:[0-9]+: a file opened by thread 0 is used by thread 1" -- refusals.c -- -DTHREAD
expect scanset 5 "refusals.c:29:[0-9]+: the scanf conversion %\[ is not supported" -- refusals.c -- -DSCANSET
expect format-built 0 "$ok" -- refusals.c --stdin numbers.txt -- -DFORMAT
expect unmodelled-not-called 0 "$ok" -- refusals.c -- -DUNCALLED
expect unmodelled-called 5 "refusals.c:4[0-9]:[0-9]+: unsupported function 'system'" -- refusals.c -- -DUNCALLED -DCALL
echo "$passes passed, $fails failed"
[ "$fails" = 0 ]
