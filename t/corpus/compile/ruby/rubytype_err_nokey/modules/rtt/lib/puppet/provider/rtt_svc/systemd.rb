Puppet::Type.type(:rtt_svc).provide(:systemd) do
  desc 'Through systemctl.'
  commands systemctl: 'systemctl'
  has_feature :refreshable, :enableable
  defaultfor kernel: :linux

  def start
    systemctl('start', @resource[:name])
  end
end
