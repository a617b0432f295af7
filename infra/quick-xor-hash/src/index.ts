// QuickXorHash, the content hash OneDrive for Business and SharePoint report in
// `file.hashes.quickXorHash` (Microsoft Learn: "QuickXorHash" code snippet, linked from the `hashes`
// resource). Each input byte is XORed into a 160-bit ring at a position that advances 11 bits per
// byte; the input length (64-bit little-endian) is XORed into the last 8 bytes; the digest is the
// ring's 20 bytes, little-endian, in standard base64.

const WIDTH_BITS = 160;
const SHIFT = 11;
const DIGEST_BYTES = WIDTH_BITS / 8;
// Byte i lands at bit (i * 11) mod 160, which repeats every 160 bytes: bytes are first XOR-folded
// into 160 lanes (one XOR per byte), and each lane is placed in the ring once, at the digest.
const LANES = WIDTH_BITS;

export class QuickXorHash {
  private readonly lanes = new Uint8Array(LANES);
  private lane = 0;
  private length = 0;

  update(data: Uint8Array): this {
    const lanes = this.lanes;
    let lane = this.lane;
    for (let i = 0; i < data.length; i++) {
      lanes[lane] ^= data[i];
      if (++lane === LANES) lane = 0;
    }
    this.lane = lane;
    this.length += data.length;
    return this;
  }

  digest(): Buffer {
    const out = Buffer.alloc(DIGEST_BYTES);
    for (let lane = 0; lane < LANES; lane++) {
      const bit = (lane * SHIFT) % WIDTH_BITS;
      const byteIndex = bit >>> 3;
      const shifted = this.lanes[lane] << (bit & 7);
      out[byteIndex] ^= shifted & 0xff;
      out[byteIndex === DIGEST_BYTES - 1 ? 0 : byteIndex + 1] ^= shifted >>> 8;
    }
    let length = BigInt(this.length);
    for (let i = DIGEST_BYTES - 8; i < DIGEST_BYTES; i++) {
      out[i] ^= Number(length & 0xffn);
      length >>= 8n;
    }
    return out;
  }

  /** The form Graph returns: standard base64 of the 20-byte digest. */
  digestBase64(): string {
    return this.digest().toString('base64');
  }
}

export function quickXorHash(data: Uint8Array): string {
  return new QuickXorHash().update(data).digestBase64();
}
