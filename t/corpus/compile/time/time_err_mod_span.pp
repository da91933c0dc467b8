notice(Timespan(1) % Timespan(1))
