#!/bin/sh
# storage-init (compose one-shot, MinIO's client `mc`), on every `docker compose up`, before the
# server starts. As MinIO's root user (the `storage` alias, from MC_HOST_storage):
#   1. makes the bucket S3_BUCKET if missing;
#   2. writes the policy `<bucket>-app`: list the bucket, read, write and delete its objects, nothing
#      else (no other bucket, no bucket settings, no administration);
#   3. makes or updates the MinIO user S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY the server signs in
#      with, and attaches that policy to it (only that one);
#   4. copies in the images an earlier single-machine install kept in the `uploads` volume.
# Safe to run again: each step creates or overwrites. docs/operations.md: "Running in production".
set -eu
: "${S3_BUCKET:?}" "${S3_ACCESS_KEY_ID:?}" "${S3_SECRET_ACCESS_KEY:?}" "${MINIO_ROOT_USER:?}"
if [ "$S3_ACCESS_KEY_ID" = "$MINIO_ROOT_USER" ]; then
  echo "storage-init: S3_ACCESS_KEY_ID is MinIO's root user ($MINIO_ROOT_USER): give the server a user of its own (e.g. S3_ACCESS_KEY_ID=kanak-app with a new S3_SECRET_ACCESS_KEY); docs/operations.md: Running in production" >&2
  exit 1
fi
policy="$S3_BUCKET-app"

mc mb --ignore-existing "storage/$S3_BUCKET"

cat >/tmp/policy.json <<JSON
{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Effect": "Allow",
      "Action": ["s3:GetBucketLocation", "s3:ListBucket"],
      "Resource": ["arn:aws:s3:::$S3_BUCKET"]
    },
    {
      "Effect": "Allow",
      "Action": ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"],
      "Resource": ["arn:aws:s3:::$S3_BUCKET/*"]
    }
  ]
}
JSON
mc admin policy create storage "$policy" /tmp/policy.json

# Adds the user, or sets the secret of an existing one (a changed S3_SECRET_ACCESS_KEY).
mc admin user add storage "$S3_ACCESS_KEY_ID" "$S3_SECRET_ACCESS_KEY"
# A second `up` finds the policy attached already, which mc reports as an error.
if ! mc admin policy attach storage "$policy" --user "$S3_ACCESS_KEY_ID" >/tmp/attach.log 2>&1; then
  grep -qi 'already' /tmp/attach.log || { cat /tmp/attach.log >&2; exit 1; }
fi

mc mirror --overwrite /data/uploads "storage/$S3_BUCKET"
echo "storage-init: bucket $S3_BUCKET ready; user $S3_ACCESS_KEY_ID may only use it (policy $policy)"
