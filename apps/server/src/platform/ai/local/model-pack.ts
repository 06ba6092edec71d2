/**
 * A trained model's state as one Buffer (stored in `bytea`), so loading it is a few typed-array views over the bytes
 * instead of parsing megabytes of JSON. Generic on purpose: a state may gain fields without a change here.
 *
 * Layout: "NMP1", a uint32 (LE) header length, the header as JSON, then binary sections each starting on an 8-byte
 * boundary. The header mirrors the packed object: a typed array becomes a section (its type, offset, length), an
 * array of strings becomes a section of UTF-16 lengths plus one UTF-8 text, a plain object is walked the same way,
 * and anything else stays in the header as JSON (so it must be JSON-serialisable, as a jsonb column needed).
 * With `halfFloats`, a large Float32Array (a model's weights) is stored as IEEE half floats, half the bytes to read
 * on a cold start, and read back as a Float32Array: relative error at most 2^-11, far below what moves a softmax
 * over TF-IDF features. An array with a value a half float cannot hold (|x| > 65504, NaN) stays 32-bit.
 */

const MAGIC = 'NMP1';
const ALIGN = 8;

const TYPED = {
  Float32Array,
  Float64Array,
  Int8Array,
  Uint8Array,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
} as const;
type TypedName = keyof typeof TYPED;
type Typed = InstanceType<(typeof TYPED)[TypedName]>;

type Field =
  | { t: 'json'; v: unknown }
  | { t: 'typed'; type: TypedName; o: number; n: number }
  | { t: 'half'; o: number; n: number }
  | { t: 'strings'; o: number; n: number; bytes: number }
  | { t: 'object'; f: Record<string, Field> };

const typedNameOf = (value: unknown): TypedName | undefined =>
  ArrayBuffer.isView(value) ? (Object.keys(TYPED) as TypedName[]).find((name) => value instanceof TYPED[name] && value.constructor === TYPED[name]) : undefined;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string');

/** Packs a plain object (e.g. a model's state) into one Buffer; `unpackModel` gives back an equal object. */
/** Float32Arrays at least this long are worth halving (options.halfFloats). */
const HALF_MIN_LENGTH = 4096;
const HALF_MAX = 65504;

export function packModel(value: Record<string, unknown>, options: { halfFloats?: boolean } = {}): Buffer {
  const sections: Uint8Array[] = [];
  let offset = 0;
  const place = (bytes: Uint8Array): number => {
    const at = offset;
    sections.push(bytes);
    offset += bytes.byteLength;
    const pad = (ALIGN - (offset % ALIGN)) % ALIGN;
    if (pad) {
      sections.push(new Uint8Array(pad));
      offset += pad;
    }
    return at;
  };
  const describe = (v: unknown): Field => {
    const type = typedNameOf(v);
    if (type === 'Float32Array' && options.halfFloats && (v as Float32Array).length >= HALF_MIN_LENGTH && fitsHalf(v as Float32Array)) {
      const halves = toHalves(v as Float32Array);
      return { t: 'half', o: place(new Uint8Array(halves.buffer)), n: halves.length };
    }
    if (type) {
      const typed = v as Typed;
      return { t: 'typed', type, o: place(new Uint8Array(typed.buffer, typed.byteOffset, typed.byteLength)), n: typed.length };
    }
    if (ArrayBuffer.isView(v)) throw new Error(`packModel: ${v.constructor.name} is not a supported typed array`);
    if (isStringArray(v)) {
      const lengths = Uint32Array.from(v, (s) => s.length);
      const text = Buffer.from(v.join(''), 'utf8');
      const o = place(new Uint8Array(lengths.buffer));
      place(text);
      return { t: 'strings', o, n: v.length, bytes: text.byteLength };
    }
    if (isPlainObject(v)) return { t: 'object', f: Object.fromEntries(Object.entries(v).map(([k, x]) => [k, describe(x)])) };
    return { t: 'json', v };
  };
  const root = describe(value);
  const header = Buffer.from(JSON.stringify(root), 'utf8');
  const start = ALIGN * Math.ceil((8 + header.byteLength) / ALIGN);
  const out = Buffer.alloc(start + offset);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(header.byteLength, 4);
  header.copy(out, 8);
  let at = start;
  for (const s of sections) {
    out.set(s, at);
    at += s.byteLength;
  }
  return out;
}

export function isPackedModel(bytes: Uint8Array): boolean {
  return bytes.byteLength >= 8 && Buffer.from(bytes.buffer, bytes.byteOffset, 4).toString('latin1') === MAGIC;
}

/**
 * The object `packModel` packed. Typed arrays are views over `bytes` where their alignment allows (no copy), so the
 * caller must not reuse `bytes` for anything else.
 */
export function unpackModel(bytes: Uint8Array): Record<string, unknown> {
  if (!isPackedModel(bytes)) throw new Error('not a packed model');
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = buffer.readUInt32LE(4);
  if (8 + headerLength > buffer.byteLength) throw new Error('packed model: truncated header');
  const root = JSON.parse(buffer.toString('utf8', 8, 8 + headerLength)) as Field;
  const start = ALIGN * Math.ceil((8 + headerLength) / ALIGN);
  const slice = (o: number, byteLength: number) => {
    if (start + o + byteLength > buffer.byteLength) throw new Error('packed model: truncated section');
    return buffer.byteOffset + start + o;
  };
  const read = (f: Field): unknown => {
    switch (f.t) {
      case 'json':
        return f.v;
      case 'object':
        return Object.fromEntries(Object.entries(f.f).map(([k, x]) => [k, read(x)]));
      case 'typed': {
        const Type = TYPED[f.type] as unknown as { new (b: ArrayBufferLike, at?: number, n?: number): Typed; BYTES_PER_ELEMENT: number };
        const at = slice(f.o, f.n * Type.BYTES_PER_ELEMENT);
        if (at % Type.BYTES_PER_ELEMENT === 0) return new Type(buffer.buffer, at, f.n);
        return new Type(buffer.buffer.slice(at, at + f.n * Type.BYTES_PER_ELEMENT));
      }
      case 'half': {
        const at = slice(f.o, f.n * 2);
        return fromHalves(at % 2 === 0 ? new Uint16Array(buffer.buffer, at, f.n) : new Uint16Array(buffer.buffer.slice(at, at + f.n * 2)));
      }
      case 'strings': {
        const lengthsBytes = ALIGN * Math.ceil((f.n * 4) / ALIGN);
        const at = slice(f.o, lengthsBytes + f.bytes);
        const lengths = at % 4 === 0 ? new Uint32Array(buffer.buffer, at, f.n) : new Uint32Array(buffer.buffer.slice(at, at + f.n * 4));
        const textAt = start + f.o + lengthsBytes;
        const text = buffer.toString('utf8', textAt, textAt + f.bytes);
        const out = new Array<string>(f.n);
        let from = 0;
        for (let i = 0; i < f.n; i++) {
          out[i] = text.slice(from, from + lengths[i]);
          from += lengths[i];
        }
        if (from !== text.length) throw new Error('packed model: string lengths do not match their text');
        return out;
      }
    }
  };
  const value = read(root);
  if (!isPlainObject(value)) throw new Error('packed model: not an object');
  return value;
}

function fitsHalf(values: Float32Array): boolean {
  for (let i = 0; i < values.length; i++) if (!(Math.abs(values[i]) <= HALF_MAX)) return false;
  return true;
}

/** IEEE 754 binary16, rounded to nearest (ties away from zero), subnormals kept. */
function toHalves(values: Float32Array): Uint16Array {
  const bits = new Uint32Array(values.buffer, values.byteOffset, values.length);
  const out = new Uint16Array(values.length);
  for (let i = 0; i < bits.length; i++) {
    const b = bits[i];
    const sign = (b >>> 16) & 0x8000;
    const exponent = ((b >>> 23) & 0xff) - 112;
    let mantissa = b & 0x7fffff;
    if (exponent <= 0) {
      if (exponent < -10) {
        out[i] = sign;
        continue;
      }
      mantissa = (mantissa | 0x800000) >>> (1 - exponent);
      out[i] = sign | ((mantissa + 0x1000) >>> 13);
      continue;
    }
    // A carry out of the mantissa rounds up into the exponent, which is right.
    out[i] = sign | ((((exponent << 23) | mantissa) + 0x1000) >>> 13);
  }
  return out;
}

let halfTable: Float32Array | undefined;
function fromHalves(halves: Uint16Array): Float32Array {
  if (!halfTable) {
    halfTable = new Float32Array(65536);
    for (let h = 0; h < 65536; h++) {
      const sign = h & 0x8000 ? -1 : 1;
      const exponent = (h >> 10) & 0x1f;
      const mantissa = h & 0x3ff;
      halfTable[h] =
        exponent === 0
          ? sign * mantissa * 2 ** -24
          : exponent === 31
            ? mantissa
              ? NaN
              : sign * Infinity
            : sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
    }
  }
  const out = new Float32Array(halves.length);
  for (let i = 0; i < halves.length; i++) out[i] = halfTable[halves[i]];
  return out;
}
