// One thread stores to a global N times (issue: no cliff on tiny programs): the cost of a
// store must not grow with the number of earlier stores to the location.
int g;
int main(void) {
  for (int i = 0; i < N; i++)
    g = i;
  return 0;
}
