// Inputs whose refusal must name the file and line (issue: every message placed).
#include <pthread.h>
int n = 3;
#if defined(WIDE_GLOBAL)
__int128 big = 5;
int main(void) { return (int)big; }
#elif defined(WIDE_OP)
int main(void) { __int128 x = (__int128)n * 3; return (int)(x >> 1); }
#elif defined(NULL_START)
int main(void) { pthread_t t; pthread_create(&t, 0, 0, 0); pthread_join(t, 0); return 0; }
#else
int not_main(void) { return 0; }
#endif
