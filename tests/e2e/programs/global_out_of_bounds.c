int arr[4];
int other;

int main(void)
{
    int i = 4;
    arr[i] = 1;
    return 0;
}
