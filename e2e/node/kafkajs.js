// Drives kafkajs against the broker at process.argv[2] (kfake behind
// kafkawire's recording proxies, on 127.0.0.1) for the differential test in
// codec/frame/clients_test.go: admin calls, an idempotent producer (plain and
// gzip), a transactional producer, and a consumer group that reads it all back.
'use strict';
const { Kafka, CompressionTypes, logLevel } = require('kafkajs');

const broker = process.argv[2];
if (!broker || !broker.startsWith('127.0.0.1:')) {
  console.error('usage: node kafkajs.js 127.0.0.1:PORT');
  process.exit(2);
}

const kafka = new Kafka({ clientId: 'kafkawire-kafkajs', brokers: [broker], logLevel: logLevel.ERROR, retry: { retries: 3 } });
const topic = 'js-orders';
const value = (i) => `value ${i}: ` + 'compressible '.repeat(8);

async function main() {
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ topics: [{ topic, numPartitions: 2 }, { topic: 'js-spare' }] });
  await admin.listTopics();
  await admin.fetchTopicMetadata({ topics: [topic] });
  await admin.describeCluster();

  const idem = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  await idem.connect();
  await idem.send({ topic, messages: [0, 1, 2].map((i) => ({ key: `k${i}`, value: value(i), headers: { h: 'x' } })) });
  await idem.send({ topic, compression: CompressionTypes.GZIP, messages: [3, 4, 5].map((i) => ({ key: `k${i}`, value: value(i) })) });
  await idem.disconnect();

  const txp = kafka.producer({ transactionalId: 'kafkawire-txn', idempotent: true, maxInFlightRequests: 1 });
  await txp.connect();
  const txn = await txp.transaction();
  await txn.send({ topic, compression: CompressionTypes.GZIP, messages: [6, 7].map((i) => ({ key: `k${i}`, value: value(i) })) });
  await txn.commit();
  await txp.disconnect();

  const consumer = kafka.consumer({ groupId: 'kafkajs-group', maxWaitTimeInMs: 200 });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  const want = 8;
  let got = 0;
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`consumed ${got} of ${want} messages`)), 30000);
    consumer.run({
      eachMessage: async () => {
        got++;
        if (got === want) {
          clearTimeout(timer);
          resolve();
        }
      },
    }).catch(reject);
  });
  await consumer.commitOffsets([]).catch(() => {});
  await consumer.disconnect();

  await admin.describeGroups(['kafkajs-group']);
  await admin.fetchOffsets({ groupId: 'kafkajs-group', topics: [topic] });
  await admin.listGroups();
  await admin.describeConfigs({ resources: [{ type: 2, name: topic }], includeSynonyms: false });
  await admin.deleteTopics({ topics: ['js-spare'] });
  await admin.disconnect();
  console.log(`consumed ${got}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
