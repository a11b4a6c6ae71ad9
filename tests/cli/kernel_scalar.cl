// A kernel with an integer parameter: --arg n=VALUE gives it a value.
kernel void k(global int *a, int n) {
  a[get_global_id(0)] = n;
}
void k_post(global int *a, int n) { assert(a[0] == 3); }
