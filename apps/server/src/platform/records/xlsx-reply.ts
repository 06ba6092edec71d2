import type { FastifyReply } from 'fastify';
import { XLSX_CONTENT_TYPE } from '@nusa/contracts';
import { streamXlsx } from '../files/xlsx-stream.ts';
import type { XlsxColumn } from '../files/xlsx.ts';

function xlsxHeaders(reply: FastifyReply, name: string) {
  reply.header('content-type', XLSX_CONTENT_TYPE);
  reply.header('content-disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.xlsx"`);
}

/** Answers an xlsx download named `<name>-YYYY-MM-DD.xlsx`. */
export function sendXlsx(reply: FastifyReply, name: string, file: Buffer): Buffer {
  xlsxHeaders(reply, name);
  return file;
}

/**
 * Answers the same download as sendXlsx, written while `rows` are read (streamXlsx): the first bytes leave at once
 * and the server holds what the client has not taken yet, not the whole file. Resolves once no more rows will be
 * read, so the caller's transaction (a cursor the rows come from) stays open exactly as long as needed; a client
 * that goes away stops the reading. Gives the reply, sent, for the handler to return. Rows that fail to read after
 * the first bytes have left cut the download short (logged; the status was already 200).
 */
export async function streamXlsxReply<T>(
  reply: FastifyReply,
  name: string,
  sheetName: string,
  columns: XlsxColumn<T>[],
  rows: AsyncIterable<T>,
): Promise<FastifyReply> {
  xlsxHeaders(reply, name);
  const { file, done } = streamXlsx(sheetName, columns, rows);
  void reply.send(file);
  try {
    if ((await done) === 'abandoned') reply.log.info('xlsx download abandoned by the client');
  } catch (err) {
    reply.log.error({ err }, 'xlsx download cut short: its rows failed to read');
  }
  return reply;
}
