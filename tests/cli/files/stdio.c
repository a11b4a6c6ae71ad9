// Each C stdio file function on text.txt (beside this file; run from this folder), checked
// against what the C standard says it returns: verified when every answer is right, an
// assertion violation naming the first wrong one otherwise. -DWRONG asks for a value the file
// does not hold (the check must then fail).
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

int main(void) {
  assert(fopen("no_such_file.txt", "r") == NULL);
  assert(fopen("no_such_folder/out.txt", "w") == NULL); // as on the machine
  FILE *f = fopen("text.txt", "r");
  assert(f != NULL);
  assert(fgetc(f) == 'n' && getc(f) == ' ');
  assert(ungetc(' ', f) == ' ' && fgetc(f) == ' ');
  int a = 0, b = 0, c = 0, d = 0, e = 0;
  assert(fscanf(f, "%d %d", &a, &b) == 2 && a == 3 && b == 4);
  assert(fscanf(f, "%d %d %x", &c, &d, &e) == 3 && c == 10 && d == -20 && e == 31);
  assert(ftell(f) == 17);
  char line[32];
  assert(fgets(line, sizeof line, f) == line && strcmp(line, "\n") == 0);
  assert(fgets(line, 6, f) == line && strcmp(line, "hello") == 0);
  char word[8];
  assert(fscanf(f, "%7s", word) == 1 && strcmp(word, "world") == 0);
  assert(fseek(f, -4, SEEK_END) == 0);
  char tail[5] = {0};
  assert(fread(tail, 1, 8, f) == 4 && memcmp(tail, "last", 4) == 0);
  assert(feof(f) && !ferror(f));
  assert(fgets(line, sizeof line, f) == NULL && fgetc(f) == EOF);
  assert(fscanf(f, "%d", &a) == EOF);
  clearerr(f);
  assert(!feof(f));
  rewind(f);
  assert(ftell(f) == 0 && fgetc(f) == 'n');
  while (fgetc(f) != '\n') // reads on without an event: progress, not a spin
    ;
  assert(fgetc(f) == '1');
  assert(fclose(f) == 0);
  int day = 0, year = 0;
  char month[8];
  assert(sscanf("29 Nov 2026", "%d %7s %d", &day, month, &year) == 3);
  assert(day == 29 && strcmp(month, "Nov") == 0 && year == 2026);
  assert(sscanf("", "%d", &day) == EOF && sscanf("x", "%d", &day) == 0);
  char *end = NULL;
  assert(strtod(" 2.5e1xyz", &end) == 25.0 && *end == 'x');
  assert(atof("0.1") == 0.1 && strtof("1.5", NULL) == 1.5f && strtod("abc", &end) == 0.0);
  // the clock (docs/interface.md): each call moves it on one second
  struct timeval t0, t1;
  struct timespec ts;
  assert(gettimeofday(&t0, NULL) == 0 && clock_gettime(CLOCK_MONOTONIC, &ts) == 0);
  gettimeofday(&t1, NULL);
  assert(t1.tv_sec > ts.tv_sec && ts.tv_sec > t0.tv_sec);
  perror("perror writes nothing and returns");
  // printf's formats: into a buffer, and into a file that is read back
  char out[40];
  assert(sprintf(out, "%d|%5.2f|%-3s|%x|%c|%lld%%", -7, 3.14159, "ab", 255, 'q', -1LL) == 21);
  assert(strcmp(out, "-7| 3.14|ab |ff|q|-1%") == 0);
  assert(snprintf(out, 4, "%s", "truncated") == 9 && strcmp(out, "tru") == 0);
  assert(snprintf(out, sizeof out, "%*d|%hhu", 4, 42, 300) == 7 && strcmp(out, "  42|44") == 0);
  FILE *p = fopen("printed.txt", "w+");
  assert(fprintf(p, "%s=%u\n", "n", 12u) == 5 && ftell(p) == 5);
  rewind(p);
  unsigned got = 0;
  assert(fscanf(p, "n=%u", &got) == 1 && got == 12);
  fclose(p);
  assert(fprintf(stdout, "%d", 1) == 0); // standard output keeps nothing
  // Writes stay in the run: the file written is read back, the disk is never touched.
  FILE *w = fopen("written.txt", "w");
  assert(fputs("ab", w) >= 0 && fputc('c', w) == 'c');
  int nums[2] = {7, 8};
  assert(fwrite(nums, sizeof nums[0], 2, w) == 2 && ftell(w) == 11);
  fclose(w);
  FILE *r = fopen("written.txt", "r");
  char abc[4] = {0};
  int back[2] = {0, 0};
  assert(fread(abc, 1, 3, r) == 3 && strcmp(abc, "abc") == 0);
  assert(fread(back, sizeof back[0], 2, r) == 2 && back[0] == 7 && back[1] == 8);
  fclose(r);
  FILE *ap = fopen("written.txt", "a");
  fputc('!', ap);
  assert(ftell(ap) == 12);
  fclose(ap);
#ifdef WRONG
  assert(a == 4);
#endif
  return 0;
}
