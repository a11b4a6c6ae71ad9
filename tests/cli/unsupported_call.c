#include <stdio.h>

int main(void)
{
    FILE *f = fopen("/tmp/x", "r");
    return f != 0;
}
