Puppet::Functions.create_function(:'m::chatty') do
  def chatty(x)
    Puppet.warning("chatty warns about #{x}")
    Puppet.notice("chatty notices #{x}")
    Puppet.debug('chatty debug')
    Puppet.info('chatty info')
    call_function('warning', "warning() from ruby: #{x}")
    "said #{x}"
  end
end
