// QuickXorHash, the content hash OneDrive for Business and SharePoint report in
// `file.hashes.quickXorHash` (Microsoft Learn: "QuickXorHash" code snippet, linked from the `hashes`
// resource). Each input byte is XORed into a 160-bit ring at a position that advances 11 bits per
// byte; the input length (64-bit little-endian) is XORed into the last 8 bytes; the digest is the
// ring's 20 bytes, little-endian, in standard base64.

const WIDTH_BITS = 160;
const SHIFT = 11;
const DIGEST_BYTES = WIDTH_BITS / 8;
// Byte i lands at bit (i * 11) mod 160, which repeats every 160 bytes: bytes are first XOR-folded
// into 160 lanes, and each lane is placed in the ring once, at the digest.
const LANES = WIDTH_BITS;
// The 160 lanes are also 40 little words: four bytes in a row whose first lands on a lane divisible by
// four land on one word, so they fold with one 32-bit XOR (byte order does not matter to an XOR, as
// long as the lanes and the input are read the same way).
const WORD_LANES = LANES / 4;
/** Input whose address does not agree with the ring's position (modulo 4) is folded through this much scratch at a time. */
const SCRATCH_BYTES = 64 * 1024;

export class QuickXorHash {
  private readonly lanes = new Uint8Array(LANES);
  private readonly words = new Uint32Array(this.lanes.buffer);
  private scratch: Uint8Array | null = null;
  private lane = 0;
  private length = 0;

  update(data: Uint8Array): this {
    for (let offset = 0; offset < data.length; ) {
      if (((data.byteOffset + offset - this.lane) & 3) === 0) {
        this.fold(data, offset, data.length);
        break;
      }
      // A 32-bit view needs an aligned address: copy a piece to where its bytes line up with the lanes.
      const piece = Math.min(data.length - offset, SCRATCH_BYTES);
      const at = this.lane & 3;
      this.scratch ??= new Uint8Array(SCRATCH_BYTES + 4);
      this.scratch.set(data.subarray(offset, offset + piece), at);
      this.fold(this.scratch, at, at + piece);
      offset += piece;
    }
    this.length += data.length;
    return this;
  }

  /** XORs bytes[start, end) into the lanes; the address of bytes[start] agrees with the current lane modulo 4. */
  private fold(bytes: Uint8Array, start: number, end: number): void {
    const lanes = this.lanes;
    let lane = this.lane;
    let i = start;
    for (; i < end && (lane & 3) !== 0; i++) {
      lanes[lane] ^= bytes[i];
      if (++lane === LANES) lane = 0;
    }
    if (end - i >= 4) {
      const input = new Uint32Array(bytes.buffer, bytes.byteOffset + i, (end - i) >>> 2);
      const words = this.words;
      let word = lane >>> 2;
      for (let w = 0; w < input.length; w++) {
        words[word] ^= input[w];
        if (++word === WORD_LANES) word = 0;
      }
      i += input.length * 4;
      lane = word * 4;
    }
    for (; i < end; i++) {
      lanes[lane] ^= bytes[i];
      if (++lane === LANES) lane = 0;
    }
    this.lane = lane;
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
