// zod/mini: the route config ships in the entry chunk, and the full zod would cost ~15 KB gzip there.
import { z } from 'zod/mini';

/**
 * The `$orderId` of a route. zod/mini carries no French locale (it would weigh on the entry chunk),
 * so the message a bad id leaves in the console is written here.
 */
export const orderIdParamsSchema = z.object({
  orderId: z.uuid({ error: 'Identifiant de commande invalide : un UUID est attendu' }),
});
