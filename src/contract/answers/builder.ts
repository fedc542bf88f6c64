import * as z from 'zod/mini';
import type { BuilderCalculateResponse, BuilderSelectionsResponse, CustomBetCalculation } from '../builder';

/** The answers of the bet builder's pricing calls (issue 38; placement answers as any bet: placementAnswer). */

const price = z.number().check(z.refine((value) => value > 1, { message: 'a price is above 1' }));

export const builderSelectionsAnswer: z.ZodMiniType<BuilderSelectionsResponse> = z.strictObject({
  matchId: z.string(),
  markets: z.array(
    z.strictObject({
      marketId: z.string(),
      name: z.string(),
      selections: z.array(z.strictObject({ selectionId: z.string(), name: z.string(), price })),
    }),
  ),
  message: z.optional(z.string()),
});

const calculation: z.ZodMiniType<CustomBetCalculation> = z.union([
  z.strictObject({ status: z.literal('ok'), price }),
  z.strictObject({ status: z.literal('conflict'), message: z.string(), selectionIds: z.array(z.string()) }),
  z.strictObject({ status: z.literal('unavailable'), message: z.string(), selectionIds: z.optional(z.array(z.string())) }),
  z.strictObject({ status: z.literal('incomplete'), message: z.string() }),
]);

export const builderCalculateAnswer: z.ZodMiniType<BuilderCalculateResponse> = z.strictObject({
  calculation,
  combinable: z.array(z.string()),
});
