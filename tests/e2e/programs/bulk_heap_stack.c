// Bulk operations on heap and stack memory followed by element accesses of the element
// types, by another thread: memset of a malloc'd int array and of a malloc'd struct, a struct
// copy between heap nodes, memset of a stack array the other thread uses. Each bulk
// operation is split by the type the code uses the memory with, so every later access has
// the size of a piece. One execution: every access is ordered by create and join.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct node {
  int v;
  struct node *next;
  char tag;
  short s;
};

int *ints;
struct node *a, *b;
int *stack_ints;

void *reader(void *arg) {
  (void)arg;
  ints[1]++;
  assert(ints[0] == 0 && ints[1] == 1 && ints[3] == 0);
  assert(a->v == 0 && a->next == 0 && a->tag == 0 && a->s == 0);
  assert(b->v == 5 && b->next == a && b->tag == 'x' && b->s == 3);
  stack_ints[1] = stack_ints[0] + 2;
  return 0;
}

int main(void) {
  ints = malloc(4 * sizeof(int));
  memset(ints, 0, 4 * sizeof(int));
  a = malloc(sizeof *a);
  memset(a, 0, sizeof *a);
  struct node *tmp = malloc(sizeof *tmp);
  tmp->v = 5;
  tmp->next = a;
  tmp->tag = 'x';
  tmp->s = 3;
  b = malloc(sizeof *b);
  *b = *tmp;
  int local[2];
  memset(local, 0, sizeof local);
  stack_ints = local;
  pthread_t t;
  pthread_create(&t, 0, reader, 0);
  pthread_join(t, 0);
  assert(local[1] == 2);
  return 0;
}
