import type { FastifyReply } from 'fastify';
import { XLSX_CONTENT_TYPE } from '@nusa/contracts';

/** Answers an xlsx download named `<name>-YYYY-MM-DD.xlsx`. */
export function sendXlsx(reply: FastifyReply, name: string, file: Buffer): Buffer {
  reply.header('content-type', XLSX_CONTENT_TYPE);
  reply.header('content-disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.xlsx"`);
  return file;
}
