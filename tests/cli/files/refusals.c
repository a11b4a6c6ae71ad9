// What the file functions refuse, by name and position (tests/cli/files.sh); one case per
// macro. OUTSIDE: a path outside the working directory and the --input folders. THREAD: a
// FILE used by a thread other than the one that opened it. SCANSET: a scanf conversion
// scopemc does not read. FORMAT (not a refusal): a format built at run time is read as the
// program's memory (with --stdin numbers.txt: verified). UNCALLED (not a refusal): system,
// which scopemc does not model, in a branch no run takes; with CALL the branch runs.
#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

FILE *shared;
char fmt[8];
void *reader(void *arg) { return (void *)(long)fgetc(shared); }

int main(void) {
#ifdef OUTSIDE
  FILE *f = fopen("../bad_input.sh", "r");
  return f == NULL;
#endif
#ifdef THREAD
  shared = fopen("text.txt", "r");
  pthread_t t;
  pthread_create(&t, NULL, reader, NULL);
  pthread_join(t, NULL);
#endif
#ifdef SCANSET
  char word[8];
  return scanf("%7[a-z]", word);
#endif
#ifdef FORMAT
  int x;
  strcpy(fmt, "%d");
  return scanf(fmt, &x) == 1 && x == 60 ? 0 : 1;
#endif
#ifdef UNCALLED // a function scopemc does not model is refused only where a call of it runs
#ifdef CALL
  strcpy(fmt, "ls");
#endif
  if (fmt[0])
    return system(fmt);
#endif
  return 0;
}
