//! The opponent (to come).
