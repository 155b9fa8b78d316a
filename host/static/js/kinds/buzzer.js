// Buzzer board (placeholder until its pages land).
"use strict";
