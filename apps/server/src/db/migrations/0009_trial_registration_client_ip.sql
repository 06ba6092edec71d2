ALTER TABLE "trial_registrations" ADD COLUMN "client_ip" text;--> statement-breakpoint
CREATE INDEX "trial_registrations_client_ip" ON "trial_registrations" USING btree ("client_ip","created_at");