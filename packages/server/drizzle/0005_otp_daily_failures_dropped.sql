-- Wrong codes are counted per account in rate_limits (growing delays), not per day.
DROP TABLE "otp_daily_failures";
