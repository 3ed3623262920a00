// semibfs command line (being written).
int main() { return 0; }
