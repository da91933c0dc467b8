notice(Deferred('Bad'))
