// Counts the words of a short text: one thread per character, a word starts at a non-space
// whose left neighbour is a space (or the start). Mistake: the word counter is bumped with
// `*words += 1` rather than atomicAdd. -DFIXED restores atomicAdd.
#include <cassert>
#define LEN 12

__global__ void count_words(const char *text, int n, unsigned *words) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  bool starts = text[i] != ' ' && (i == 0 || text[i - 1] == ' ');
  if (starts) {
#ifdef FIXED
    atomicAdd(words, 1u);
#else
    *words += 1;
#endif
  }
}

int main() {
  const char h_text[LEN + 1] = "go to a gpu ";
  unsigned zero = 0, got = 0, want = 0;
  for (int i = 0; i < LEN; i++)
    if (h_text[i] != ' ' && (i == 0 || h_text[i - 1] == ' '))
      want++;
  char *d_text;
  unsigned *d_words;
  cudaMalloc(&d_text, LEN);
  cudaMalloc(&d_words, sizeof(unsigned));
  cudaMemcpy(d_text, h_text, LEN, cudaMemcpyHostToDevice);
  cudaMemcpy(d_words, &zero, sizeof zero, cudaMemcpyHostToDevice);
  count_words<<<2, 8>>>(d_text, LEN, d_words);
  cudaMemcpy(&got, d_words, sizeof got, cudaMemcpyDeviceToHost);
  assert(want == 4 && got == want);
  return 0;
}
