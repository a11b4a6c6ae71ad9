// A shift by the width of the type or more is undefined behaviour in C: reported as division
// by zero is, at the shift.
int amount = 32;
int main(void) {
  unsigned x = 1;
  return (int)(x << amount);
}
