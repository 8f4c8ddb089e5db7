import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { DomainError } from '@coseso/domain/shared/domain-error';
import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { ClientSessionGuard, CurrentClient } from '../accounts/shared/client-session.guard.js';
import { exposePosition } from '../infra/http/event-position.js';
import { OrderCommandRunner } from '../write-side/order-command-runner.js';
import { OrderIdParams } from '../orders/shared/order-id.js';
import { ContractDocuments } from './contract-documents.js';
import { ContractIssuer } from './contract-issuer.js';
import { SignContractRequestDto } from './contract.request.dto.js';
import { orderNotFound } from '../orders/shared/order-errors.js';

/** The electronic contract in the client area: read it, sign it (typed name + acceptance), or have it made. */
@Controller('api')
@UseGuards(ClientSessionGuard)
export class ContractHttpController {
  constructor(
    private readonly orders: OrderCommandRunner,
    private readonly documents: ContractDocuments,
    private readonly issuer: ContractIssuer,
  ) {}

  @Get('client/orders/:orderId/contract')
  async read(@Param() { orderId }: OrderIdParams, @CurrentClient() clientId: string) {
    const order = await this.orders.current(orderId);
    if (order.clientId !== clientId) throw orderNotFound();
    const hash = order.contract.documentSha256 ?? order.contract.issuedSha256;
    if (!hash)
      throw new DomainError(
        ErrorCode.CONTRACT_NOT_ISSUED,
        "Le contrat n'est pas encore établi.",
        'not_found',
      );
    return {
      html: await this.documents.find(hash),
      documentSha256: hash,
      issuedAt: order.contract.issuedAt,
      signed: order.contract.signed,
      signedAt: order.contract.signedAt,
      signerName: order.contract.signerName,
    };
  }

  @Post('client/orders/:orderId/contract/sign')
  @HttpCode(200)
  async sign(
    @Param() { orderId }: OrderIdParams,
    @Body() body: SignContractRequestDto,
    @CurrentClient() clientId: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const order = await this.orders.current(orderId);
    if (order.clientId !== clientId) throw orderNotFound();
    const outcome = await this.orders.run(
      orderId,
      {
        type: 'SignContract',
        signerName: body.signerName,
        documentSha256: body.documentSha256,
        ip: request.ip ?? null,
      },
      { actor: { kind: 'client', id: clientId }, ...(request.ip ? { ip: request.ip } : {}) },
    );
    return {
      signedAt: outcome.state.contract.signedAt,
      status: outcome.state.status,
      position: exposePosition(response, outcome.position),
    };
  }

  /** Spec §7.1 create-contract: (re)makes the document from the order as it is now. */
  @Post('orders/:orderId/create-contract')
  @HttpCode(200)
  async create(
    @Param() { orderId }: OrderIdParams,
    @CurrentClient() clientId: string,
    @Res({ passthrough: true }) response: Response,
  ) {
    const order = await this.orders.current(orderId);
    if (order.clientId !== clientId) throw orderNotFound();
    const { documentSha256, position } = await this.issuer.issue(orderId, {
      actor: { kind: 'client', id: clientId },
    });
    return { success: true, documentSha256, position: exposePosition(response, position) };
  }
}
