import { Controller, Get, Header } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiAnswer } from '../infra/http/api-schemas.js';
import { ReadsProjection } from '../infra/http/reads-projection.js';
import { catalogueVersionSchema, publicVersion } from './catalogue-answer.js';
import { CATALOGUE_PROJECTOR, CatalogueService } from './catalogue.service.js';

/** `GET /api/catalogue`: the catalogue version in force, what /pricing and the wizard price with. */
@ApiTags('Public')
@Controller('api/catalogue')
export class CatalogueHttpController {
  constructor(private readonly catalogue: CatalogueService) {}

  @ApiAnswer(catalogueVersionSchema, 'La version du catalogue en vigueur')
  @Get()
  @ReadsProjection(CATALOGUE_PROJECTOR)
  @Header('Cache-Control', 'no-store')
  async inForce() {
    return publicVersion(await this.catalogue.inForce());
  }
}
