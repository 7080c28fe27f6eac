// Test helper: phone-style JPEGs with an EXIF orientation tag.

/** A JPEG with an APP1 Exif segment holding only the orientation tag (big-endian TIFF header). */
export function withOrientation(jpeg: Buffer, orientation: number): Buffer {
  const exif = Buffer.from([
    ...Buffer.from('Exif\0\0', 'latin1'),
    0x4d,
    0x4d,
    0x00,
    0x2a,
    0,
    0,
    0,
    8, // TIFF header, IFD0 at 8
    0,
    1, // one entry
    0x01,
    0x12,
    0,
    3,
    0,
    0,
    0,
    1,
    0,
    orientation,
    0,
    0, // Orientation, SHORT, 1
    0,
    0,
    0,
    0, // no next IFD
  ]);
  const len = exif.length + 2;
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, len >> 8, len & 0xff]), exif]);
  return Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
}
