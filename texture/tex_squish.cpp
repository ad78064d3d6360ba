/*
 * tex_squish.cpp - the S3TC block codec, and the unsigned RGTC encoder
 * (BC4, BC5): libsquish (Debian libsquish-dev)
 * behind the two C functions tex_priv.h declares.  squish decodes DXT1's
 * three-colour mode with index 3 as transparent black, as
 * EXT_texture_compression_s3tc says for COMPRESSED_RGBA_S3TC_DXT1_EXT;
 * tex_compressed.c forces alpha to 1 for the RGB form.  squish's default
 * cluster fit is used for compression (quality over speed: uploads into
 * S3TC formats are rare and small next to drawing).
 */
#include <squish.h>

#include <stdint.h>

extern "C" {
void tex_squish_decode(int kind, const void *block, uint8_t rgba[64]);
void tex_squish_encode(int kind, const uint8_t rgba[64], int mask, void *block);
}

static int squish_flags(int kind)
{
    switch (kind) {
    case 5: return squish::kDxt5;
    case 3: return squish::kDxt3;
    case 4: return squish::kBc4;
    case 6: return squish::kBc5;
    default: return squish::kDxt1;
    }
}

void tex_squish_decode(int kind, const void *block, uint8_t rgba[64])
{
    squish::Decompress(rgba, block, squish_flags(kind));
}

void tex_squish_encode(int kind, const uint8_t rgba[64], int mask, void *block)
{
    squish::CompressMasked(rgba, mask, block, squish_flags(kind));
}
