# many nodes at once: each exports its own host; a collector sees them all
@@host { "${trusted['certname']}.example.com": ip => '192.0.2.50', tag => ['many'] }
Host <<| tag == 'many' |>>
