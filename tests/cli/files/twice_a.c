// Defines `counter`, as twice_b.c does: linked together they are refused (tests/cli/files.sh).
int counter = 1;
int next(void) { return ++counter; }
