typedef unsigned char Byte;
typedef unsigned long uLongf;
/// swiggen: inplace_array(dest, destLen)
int compress(Byte* dest, uLongf* destLen, const Byte* source, unsigned long sourceLen);
