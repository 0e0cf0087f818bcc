/*
 * The runtime reads zstd images only (packaging/make_appimage.py makes nothing else), yet
 * libsquashfuse's decompressor table names every codec SquashFS knows. These stand-ins
 * answer "cannot" for the others, so that their libraries are not linked in (LZO's is
 * under the GPL; the others would only add size). An image in another codec is refused
 * with a message (see runtime.c), it is never misread.
 */

#include <stddef.h>
#include <stdint.h>

/* zlib (gzip images): Z_DATA_ERROR */
int uncompress(unsigned char *dest, unsigned long *dest_len, const unsigned char *source, unsigned long source_len);
int uncompress(unsigned char *dest, unsigned long *dest_len, const unsigned char *source, unsigned long source_len) {
    (void)dest, (void)dest_len, (void)source, (void)source_len;
    return -3;
}

/* liblzma (xz images): LZMA_DATA_ERROR */
int lzma_stream_buffer_decode(uint64_t *memlimit, uint32_t flags, const void *allocator, const uint8_t *in,
                              size_t *in_pos, size_t in_size, uint8_t *out, size_t *out_pos, size_t out_size);
int lzma_stream_buffer_decode(uint64_t *memlimit, uint32_t flags, const void *allocator, const uint8_t *in,
                              size_t *in_pos, size_t in_size, uint8_t *out, size_t *out_pos, size_t out_size) {
    (void)memlimit, (void)flags, (void)allocator, (void)in, (void)in_pos, (void)in_size;
    (void)out, (void)out_pos, (void)out_size;
    return 9;
}

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
