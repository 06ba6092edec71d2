import { crc32, deflateRawSync } from 'node:zlib';

/** Hand-made xlsx files for tests (server and e2e alike: nothing here needs a test app). */

/**
 * A zip archive of the given entries (deflated), for xlsx files made by hand: one without its workbook, inline
 * strings, a sheet in another order than the archive's.
 */
export function zipOf(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text, 'utf8');
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The parts of a one-sheet xlsx around `sheetData` (its rows' XML); `without` leaves parts out. */
export function handMadeXlsx(sheetData: string, o: { without?: string[]; sharedStrings?: string[] } = {}): Buffer {
  const ns = 'http://schemas.openxmlformats.org';
  const parts: Record<string, string> = {
    '[Content_Types].xml': `<?xml version="1.0"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId7"/><sheet name="Other" sheetId="2" r:id="rId8"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId8" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId7" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/sheet2.xml"/><Relationship Id="rId9" Type="${ns}/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    // The archive's first worksheet part is the workbook's second sheet: the reader follows the workbook's order.
    'xl/worksheets/sheet1.xml': `<?xml version="1.0"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>wrong sheet</t></is></c></row></sheetData></worksheet>`,
    'xl/worksheets/sheet2.xml': `<?xml version="1.0"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetPr/><dimension ref="A1"/><sheetData>${sheetData}</sheetData><rowBreaks count="0"/></worksheet>`,
    'xl/sharedStrings.xml': `<?xml version="1.0"?><sst xmlns="${ns}/spreadsheetml/2006/main">${(o.sharedStrings ?? []).map((t) => `<si>${t}</si>`).join('')}</sst>`,
  };
  for (const part of o.without ?? []) delete parts[part];
  return zipOf(parts);
}

/**
 * A valid one-sheet xlsx whose worksheet holds `mebibytes` MiB of white space after its one row (an empty element
 * every MiB): packed about 1,000 to 1, as a zip bomb is (40 MiB of it is some 40 KB).
 */
export const tightlyPackedXlsx = (mebibytes: number) =>
  handMadeXlsx(`<row r="1"><c r="A1" t="inlineStr"><is><t>Kode</t></is></c></row>${`${' '.repeat(2 ** 20 - 4)}<b/>`.repeat(mebibytes)}`);
