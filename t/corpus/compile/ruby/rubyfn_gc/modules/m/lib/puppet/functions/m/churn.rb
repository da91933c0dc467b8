# Garbage collections while values cross between Ruby and Puppet.
Puppet::Functions.create_function(:'m::churn') do
  dispatch :churn do
    param 'Hash', :h
    block_param
  end
  def churn(h)
    (0...30).map do |i|
      GC.start
      v = yield(i, h['k'])
      GC.start
      w = call_function('map', [i, v]) { |x| GC.start; x.to_s }
      "#{w.join('-')}:#{h['k'][2]['n']}"
    end.join(';')
  end
end
