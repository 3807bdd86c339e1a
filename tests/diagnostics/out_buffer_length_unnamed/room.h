typedef unsigned char Byte;
typedef unsigned long uLong;
int fill_pattern(Byte* block, uLong* avail);
