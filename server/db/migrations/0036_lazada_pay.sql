-- The e-commerce host (Lazada style, issue 36): its host payments are deposit orders of their own pay type.
ALTER TABLE "deposit_orders" DROP CONSTRAINT "deposit_orders_pay_type";--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD CONSTRAINT "deposit_orders_pay_type" CHECK ("deposit_orders"."pay_type" IN ('gcash', 'maya', 'bank', 'voucher', 'agent', 'lazada'));
