/*
 * libsquashfuse's table of decompressors names every codec SquashFS knows. The runtime
 * links the real zstd (its images' codec), zlib and xz libraries, but not LZO's (under the
 * GPL) nor LZ4's: these stand-ins answer "cannot" in their place. The runtime refuses an
 * image that is not zstd before reading it (runtime.c), so they are never called.
 */

/* LZO (lzo images): LZO_E_ERROR */
int lzo1x_decompress_safe(const unsigned char *src, unsigned long src_len, unsigned char *dst, unsigned long *dst_len,
                          void *work);
int lzo1x_decompress_safe(const unsigned char *src, unsigned long src_len, unsigned char *dst, unsigned long *dst_len,
                          void *work) {
    (void)src, (void)src_len, (void)dst, (void)dst_len, (void)work;
    return -1;
}

/* LZ4 (lz4 images): a negative count is an error */
int LZ4_decompress_safe(const char *src, char *dst, int compressed_size, int capacity);
int LZ4_decompress_safe(const char *src, char *dst, int compressed_size, int capacity) {
    (void)src, (void)dst, (void)compressed_size, (void)capacity;
    return -1;
}
