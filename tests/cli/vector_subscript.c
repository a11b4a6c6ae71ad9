// A vector subscript past the vector's end is undefined behaviour (LLVM: poison), reported at
// its line: it was an internal error.
typedef int v4 __attribute__((vector_size(16)));
int main(void) {
  v4 x = {1, 2, 3, 4};
  volatile int k = 7;
  x[k] = 2;
  return x[0] - 1;
}
