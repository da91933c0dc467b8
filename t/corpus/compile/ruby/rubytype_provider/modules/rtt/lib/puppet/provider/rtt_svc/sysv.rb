Puppet::Type.type(:rtt_svc).provide(:sysv, parent: :systemd) do
  desc 'Through init scripts.'
  confine exists: '/etc/init.d'
end
