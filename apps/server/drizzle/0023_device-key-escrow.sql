-- Device key escrow (issue 33 point 2, docs/decisions/016-encryption-at-rest.md). Each device of an
-- account holds one random data key that encrypts what it stores; the server keeps a copy so that
-- a password change or reset never strands the device's data. The copy is sealed with a key of the
-- server's own (AES-256-GCM, the device id as associated data), so a copy of this table alone does
-- not open a lost phone. Released only to a sign-in of the same account on the same device while it
-- is not revoked (POST /api/devices/current/key).
ALTER TABLE "devices" ADD COLUMN "key_escrow" text;
