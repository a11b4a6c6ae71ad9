#include <stdlib.h>

int main(void)
{
    int *p = malloc(2 * sizeof(int));
    p[0] = 1;
    p[2] = 3;
    free(p);
    return 0;
}
