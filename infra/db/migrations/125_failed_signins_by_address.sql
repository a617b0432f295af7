-- Sign-in and change-password count wrong passwords per client address too (the per-address lockout).
create index failed_signins_ip_idx on failed_signins (ip, at);
