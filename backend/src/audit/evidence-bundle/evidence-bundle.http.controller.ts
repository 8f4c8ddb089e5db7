import { Controller, Get, Param, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { type Request, type Response } from 'express';
import { Zip, ZipDeflate } from 'fflate';
import { type AdminUser } from '../../auth/admin-accounts.js';
import { AdminGuard } from '../../auth/admin.guard.js';
import { exposePosition } from '../../infra/http/event-position.js';
import { OrderIdParams } from '../../orders/shared/order-id.js';
import { type BundleFile } from './evidence-bundle.js';
import { ExportEvidenceBundleCommand } from './export-evidence-bundle.command.js';

/** Streams the zip as fflate makes it, one file after the other. */
function sendZip(response: Response, files: readonly BundleFile[], mtime: Date): Promise<void> {
  return new Promise((resolve, reject) => {
    const zip = new Zip((error, chunk, final) => {
      if (error) return reject(error);
      response.write(chunk);
      if (final) response.end(resolve);
    });
    for (const file of files) {
      const entry = new ZipDeflate(file.name, { level: 6 });
      entry.mtime = mtime;
      zip.add(entry);
      entry.push(file.bytes, true);
    }
    zip.end();
  });
}

/**
 * `GET /api/admin/orders/:orderId/evidence`: the order's evidence bundle, for disputes and
 * chargebacks (admins and auditors).
 *
 * A GET that appends an event: the download is recorded in the order's stream
 * (EvidenceBundleExported), by auditors too. That is the audit record of a read, not a write an
 * auditor makes: it changes nothing in the order, no command of the transition table can be sent
 * this way, and the AuditorReadOnlyGuard still refuses every non-GET from an auditor.
 */
@ApiTags('Audit')
@ApiBearerAuth('back-office')
@Controller('api/admin/orders')
@UseGuards(AdminGuard)
export class EvidenceBundleHttpController {
  constructor(private readonly commands: CommandBus) {}

  @ApiProduces('application/zip')
  @ApiResponse({
    status: 200,
    description:
      'Le dossier de preuves (zip) : manifest.json, events.ndjson, contrat.html, approval-receipts.json, payments.json, VERIFY.md, verify.mjs. Son export est enregistré (EvidenceBundleExported) ; X-Event-Position dit où.',
    content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
  })
  @Get(':orderId/evidence')
  async download(
    @Param() { orderId }: OrderIdParams,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    // Express answers HEAD with the GET route: nothing is made, so nothing is recorded.
    if (request.method === 'HEAD') {
      response.status(200).type('application/zip').end();
      return;
    }
    const user = (request as Request & { admin: AdminUser }).admin;
    const bundle = await this.commands.execute(
      new ExportEvidenceBundleCommand(orderId, {
        actor: { kind: user.role, id: user.id },
        ...(request.ip ? { ip: request.ip } : {}),
      }),
    );
    exposePosition(response, bundle.position);
    response.setHeader('content-type', 'application/zip');
    response.setHeader('content-disposition', `attachment; filename="${bundle.fileName}"`);
    response.setHeader('cache-control', 'private, no-store');
    await sendZip(response, bundle.files, new Date());
  }
}
