// Defines `counter` again (-DTWICE): refused when linked with twice_a.c; without it, main
// calls twice_a.c's next() and the program verifies.
#ifdef TWICE
int counter = 2;
#endif
int next(void);
int main(void) { return next() == 2 ? 0 : 1; }
