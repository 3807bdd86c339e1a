typedef unsigned char Byte;
typedef unsigned long uLong;
// swiggen: bytes(block, avail), inout(avail)
int fill_pattern(Byte* block, uLong* avail);
