# Which CTest tests run in which build of scripts/test.sh (sourced by test.sh and sanitize.sh).
# Every test runs in the sanitized build (scripts/sanitize.sh: assertions, AddressSanitizer,
# UndefinedBehaviorSanitizer) except these, which run in the main (Release) build only: the
# 40-second fuzz test and the reductions' fuzzing (their budgets are times and counts, which
# the sanitizers' slowdown would only shrink), the layering probes (compiler runs), the GenMC
# oracle, the three-rank MPI search (the two-rank one runs the same code), and the browser test
# of the HTML witness (WitnessTest writes the same HTML in both; the browser is not ours).
main_only='^(cli_fuzz_c|fuzz_reductions|fuzz_reductions_planted|layering_.*|ExternalOracle\..*|mpi_search_np3|browser_witness)$'
# Tests whose size the build decides (SCOPEMC_SANITIZED, tests/oracle/TestSupport.h): the main
# build runs them in full (every generated program, every course program, the repro cases'
# time limits), the sanitized build a sample. They run in both; every other test gives the same
# result in both builds and runs once, in the sanitized one.
sized='^(cli_race_repair|cli_atomicity|cli_repro|cli_bad_input|(Commuting|Symmetry|Differential|BarrierPhases|ZeroNetEffect)\..*)$'
